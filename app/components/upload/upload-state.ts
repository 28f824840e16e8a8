// The upload form's state as one pure reducer: the field values, the errors on them, and the run of a
// submit (start → uploading with its phase and percent → success | error). No DOM and no i18n here:
// the failure is kept as a code and its parameters, and the page words it.
import type { FieldError } from '../../../contract/errors.ts';

export type UploadState = 'start' | 'uploading' | 'success' | 'error';
/** The file is being sent (tus), the server is checking it, or a link is being imported. */
export type UploadPhase = 'upload' | 'check' | 'import';

export interface Values {
  title: string;
  description: string;
  gender: 'str' | 'gay' | 'shemale';
  categories: number[];
  visibility: '0' | '1';
  channel: string;
  exclusive: boolean;
  preview: '' | 'auto' | 'image';
  source: 'file' | 'link';
  link: string;
}

export const INITIAL_VALUES: Values = {
  title: '',
  description: '',
  gender: 'str',
  categories: [],
  visibility: '0',
  channel: '',
  exclusive: false,
  preview: '',
  source: 'file',
  link: '',
};

/** What a refused upload answered (the spec's error shape, or what tus or the network gave). */
export interface ServerAnswer {
  ok?: boolean;
  video_id?: number;
  code?: string;
  codes?: FieldError[];
  info?: Record<string, unknown>;
}

/** The alert above the form: the first error and the parameters of its message. */
export interface UploadFailure {
  error: FieldError;
  info?: Record<string, unknown>;
}

export interface UploadModel {
  values: Values;
  errors: FieldError[];
  state: UploadState;
  phase: UploadPhase;
  percent: number;
  failure: UploadFailure | null;
  /** Accepted as a link: it is downloaded and processed in the background (the success view says so). */
  importing: boolean;
  /** The new video (after success): the records step sends its performer records (issue 31). */
  videoId: number | null;
}

export const INITIAL_UPLOAD: UploadModel = {
  values: INITIAL_VALUES,
  errors: [],
  state: 'start',
  phase: 'upload',
  percent: 0,
  failure: null,
  importing: false,
  videoId: null,
};

type Edit = { [K in keyof Values]: { type: 'edit'; field: K; value: Values[K] } }[keyof Values];

export type UploadAction =
  | Edit
  | { type: 'toggle-category'; id: number; on: boolean }
  /** A new file or image picked: its old error goes. */
  | { type: 'clear-error'; field: string }
  /** The checks before sending found these. */
  | { type: 'invalid'; errors: FieldError[] }
  | { type: 'begin' }
  | { type: 'phase'; phase: UploadPhase }
  | { type: 'progress'; percent: number }
  /** The file is all on the server; the details go next. */
  | { type: 'file-sent' }
  | { type: 'failed'; answer: ServerAnswer }
  | { type: 'succeeded'; importing?: boolean; videoId?: number }
  | { type: 'restart' };

/** The edit of one field, its value typed by the field. */
export function editOf<K extends keyof Values>(field: K, value: Values[K]): UploadAction {
  return { type: 'edit', field, value } as Edit;
}

/** The fields whose errors an edit clears: its own (both inputs for the source switch) and the general one. */
function clearedBy(field: keyof Values): string[] {
  return field === 'source' ? ['file', 'link', 'general'] : [field, 'general'];
}

function edit(model: UploadModel, field: keyof Values, value: Values[keyof Values]): UploadModel {
  const cleared = clearedBy(field);
  return {
    ...model,
    values: { ...model.values, [field]: value },
    errors: model.errors.filter((e) => !cleared.includes(e.field)),
    // Editing after a refusal is a new start; during an upload the fields are disabled anyway.
    state: model.state === 'error' ? 'start' : model.state,
  };
}

/** A refusal's field errors, or one general error with its code (network when none came back). */
export function failureCodes(answer: ServerAnswer): FieldError[] {
  return answer.codes?.length ? answer.codes : [{ field: 'general', code: answer.code ?? 'network' }];
}

export function uploadReducer(model: UploadModel, action: UploadAction): UploadModel {
  switch (action.type) {
    case 'edit':
      return edit(model, action.field, action.value);
    case 'toggle-category': {
      const { categories } = model.values;
      return edit(
        model,
        'categories',
        action.on ? [...categories, action.id] : categories.filter((c) => c !== action.id),
      );
    }
    case 'clear-error':
      return { ...model, errors: model.errors.filter((e) => e.field !== action.field) };
    case 'invalid':
      return { ...model, errors: action.errors, failure: null, state: 'error' };
    case 'begin':
      return { ...model, errors: [], failure: null, percent: 0, state: 'uploading' };
    case 'phase':
      return { ...model, phase: action.phase };
    case 'progress':
      return { ...model, percent: action.percent };
    case 'file-sent':
      return { ...model, percent: 100, phase: 'check' };
    case 'failed': {
      const errors = failureCodes(action.answer);
      return {
        ...model,
        errors,
        failure: { error: errors[0] as FieldError, info: action.answer.info },
        state: 'error',
      };
    }
    case 'succeeded':
      return {
        ...model,
        state: 'success',
        importing: action.importing === true,
        videoId: action.videoId ?? null,
      };
    case 'restart':
      return { ...INITIAL_UPLOAD, phase: model.phase };
  }
}

/** Whole percent of a tus upload. */
export function percentOf(sent: number, total: number): number {
  return total > 0 ? Math.floor((sent / total) * 100) : 0;
}
