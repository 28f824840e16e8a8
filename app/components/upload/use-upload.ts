// The upload form's behaviour: the reducer, the two file inputs, and the submit — local checks, then
// the file over tus (or the link), then the details to /api/video_edit.php through the API client.
import { type FormEvent, useReducer, useRef } from 'react';
import { postVideoEdit } from '../../lib/api-client.ts';
import { sendFile } from './tus-upload.ts';
import { editOf, INITIAL_UPLOAD, percentOf, uploadReducer, type Values } from './upload-state.ts';
import { localErrors } from './upload-validation.ts';
import { answerOf, videoEditForm } from './video-edit.ts';

export function useUpload() {
  const [model, dispatch] = useReducer(uploadReducer, INITIAL_UPLOAD);
  const fileRef = useRef<HTMLInputElement>(null);
  const imageRef = useRef<HTMLInputElement>(null);
  const { values, state } = model;

  function edit<K extends keyof Values>(field: K, value: Values[K]) {
    dispatch(editOf(field, value));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state === 'uploading') return;
    const file = values.source === 'file' ? (fileRef.current?.files?.[0] ?? null) : null;
    const image = values.preview === 'image' ? (imageRef.current?.files?.[0] ?? null) : null;
    const local = await localErrors(values, file, image);
    if (local.length > 0) {
      dispatch({ type: 'invalid', errors: local });
      return;
    }
    dispatch({ type: 'begin' });
    try {
      let uploadId: string | null = null;
      if (file) {
        dispatch({ type: 'phase', phase: 'upload' });
        uploadId = await sendFile(file, (sent, total) =>
          dispatch({ type: 'progress', percent: percentOf(sent, total) }),
        );
        dispatch({ type: 'file-sent' });
      } else {
        dispatch({ type: 'phase', phase: 'import' });
      }
      const answer = await postVideoEdit(videoEditForm(values, uploadId, image));
      dispatch({ type: 'succeeded', importing: answer.importing === true, videoId: answer.video_id });
    } catch (error) {
      dispatch({ type: 'failed', answer: answerOf(error) });
    }
  }

  function restart() {
    dispatch({ type: 'restart' });
    if (fileRef.current) fileRef.current.value = '';
    if (imageRef.current) imageRef.current.value = '';
  }

  return {
    model,
    fileRef,
    imageRef,
    edit,
    toggleCategory: (id: number, on: boolean) => dispatch({ type: 'toggle-category', id, on }),
    clearError: (field: string) => dispatch({ type: 'clear-error', field }),
    submit,
    restart,
  };
}
