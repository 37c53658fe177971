import { describe, expect, it } from 'vitest';
import { pageAt, perViewFor } from './carousel';

describe('perViewFor (spec section 9)', () => {
  it('shows 5 cards at 1024 px and wider', () => {
    expect(perViewFor(1024)).toBe(5);
    expect(perViewFor(1440)).toBe(5);
  });
  it('shows 3 cards from 768 px up to 1023 px', () => {
    expect(perViewFor(768)).toBe(3);
    expect(perViewFor(1023)).toBe(3);
  });
  it('shows 2 cards below 768 px', () => {
    expect(perViewFor(767)).toBe(2);
    expect(perViewFor(375)).toBe(2);
  });
});

describe('pageAt', () => {
  it('reads the page from a scroll offset, negative in right-to-left', () => {
    expect(pageAt(0, 400, 3)).toBe(0);
    expect(pageAt(-400, 400, 3)).toBe(1);
    expect(pageAt(-790, 400, 3)).toBe(2);
    expect(pageAt(5000, 400, 3)).toBe(2);
  });
});
