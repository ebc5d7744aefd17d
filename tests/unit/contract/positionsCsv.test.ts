import { describe, expect, it } from 'vitest';
import {
  cellOf,
  columnIndex,
  decodeCsvBytes,
  isDecimal,
  normaliseHeader,
  withoutBom,
} from '../../../contract/positionsCsv';

describe('positions CSV rules', () => {
  it('reads UTF-8 (with or without BOM) and falls back to Windows-1252', () => {
    expect(decodeCsvBytes(new TextEncoder().encode('café'))).toBe('café');
    expect(decodeCsvBytes(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toBe('\ufeffa');
    // 0xe9 alone is not UTF-8: the file is read as Excel writes it.
    expect(decodeCsvBytes(new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).toBe('café');
  });

  it('drops the byte-order mark only at the start', () => {
    expect(withoutBom('\ufefftitle')).toBe('title');
    expect(withoutBom('title\ufeff')).toBe('title\ufeff');
  });

  it('matches headers without case, spaces or punctuation, first occurrence winning', () => {
    expect(normaliseHeader(' File Name ')).toBe('filename');
    expect(normaliseHeader('survey_name')).toBe('surveyname');
    const index = columnIndex(['Title', 'fileName', 'X', 'y', 'Date', 'floor', 'x', 'notes']);
    expect([...index.entries()]).toEqual([
      ['title', 0],
      ['filename', 1],
      ['x', 2],
      ['y', 3],
      ['date', 4],
      ['floor', 5],
    ]);
    expect(cellOf([' a ', 'b'], index, 'title')).toBe('a');
    expect(cellOf(['a'], index, 'floor')).toBe('');
    expect(cellOf(['a'], index, 'surveyname')).toBe('');
  });

  it('takes plain decimal numbers as coordinates only', () => {
    for (const ok of ['12', '-3.5', '+.5', '1e3', ' 7 ']) expect(isDecimal(ok)).toBe(true);
    for (const bad of ['', '12px', 'Infinity', '0x10', '1,5', '.']) expect(isDecimal(bad)).toBe(false);
  });
});
