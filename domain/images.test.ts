import { describe, expect, it } from 'vitest';
import { smallPhotoWarning } from './images';

describe('smallPhotoWarning', () => {
  it('warns about a photo under 640 px wide and names its width', () => {
    expect(smallPhotoWarning(320)).toMatch(/only 320 px wide.*look poor/);
    expect(smallPhotoWarning(639)).not.toBeNull();
  });

  it('says nothing for a photo 640 px wide or more', () => {
    expect(smallPhotoWarning(640)).toBeNull();
    expect(smallPhotoWarning(4000)).toBeNull();
  });
});
