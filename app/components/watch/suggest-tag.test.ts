import { describe, expect, it } from 'vitest';
import { addTagActSchema } from '../../../contract/acts.ts';
import { tagInputError } from './suggest-tag.ts';

const server = (tag: string) =>
  addTagActSchema.safeParse({ act: 'add_tag', section: 'video', object_id: '1', tag });

describe('the Suggest Tag input', () => {
  it('names the problem at the edges of 2 and 69 characters', () => {
    expect(tagInputError('')).toEqual({ code: 'required' });
    expect(tagInputError('   ')).toEqual({ code: 'required' });
    expect(tagInputError('a')).toEqual({ code: 'min_length', length: 2 });
    expect(tagInputError('ab')).toBeNull();
    expect(tagInputError('a'.repeat(69))).toBeNull();
    expect(tagInputError('a'.repeat(70))).toEqual({ code: 'max_length', length: 69 });
    expect(tagInputError('!!')).toEqual({ code: 'invalid_tag' });
  });

  it('agrees with the server on every sample', () => {
    const samples = [
      '',
      ' x ',
      'ok',
      '<b>x</b>',
      '--',
      'soft light',
      'Ünïcode tag',
      'b'.repeat(69),
      'c'.repeat(70),
    ];
    for (const sample of samples) {
      expect(tagInputError(sample) === null, sample).toBe(server(sample).success);
    }
  });
});
