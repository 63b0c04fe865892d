/**
 * Text rewritten for detection that remembers, for every UTF-16 unit, which characters of the
 * ORIGINAL text it came from, so a detail found in the rewritten text masks the original span.
 */
export interface MappedText {
  readonly text: string;
  /** Original offset where the source of each unit starts. */
  readonly from: readonly number[];
  /** Original offset where the source of each unit ends (exclusive). */
  readonly to: readonly number[];
}

/** Builds a mapped text piece by piece. */
export class MappedTextBuilder {
  private readonly pieces: string[] = [];
  private readonly from: number[] = [];
  private readonly to: number[] = [];

  /** Appends `piece`, every unit of it coming from original `[start, end)`. */
  push(piece: string, start: number, end: number): void {
    this.pieces.push(piece);
    for (let i = 0; i < piece.length; i += 1) {
      this.from.push(start);
      this.to.push(end);
    }
  }

  /** Appends units `[start, end)` of `source` with their own origins. */
  copy(source: MappedText, start: number, end: number): void {
    this.pieces.push(source.text.slice(start, end));
    for (let i = start; i < end; i += 1) {
      this.from.push(source.from[i] ?? 0);
      this.to.push(source.to[i] ?? 0);
    }
  }

  build(): MappedText {
    return { text: this.pieces.join(''), from: this.from, to: this.to };
  }
}

/** The identity mapping of `text`. */
export function unmapped(text: string): MappedText {
  const from = Array.from({ length: text.length }, (_, i) => i);
  return { text, from, to: from.map((i) => i + 1) };
}

/** The original offsets covered by units `[start, end)` of `mapped`. */
export function originalRange(mapped: MappedText, start: number, end: number): [number, number] {
  return [mapped.from[start] ?? 0, mapped.to[end - 1] ?? 0];
}

/**
 * `mapped` with each match of the global `pattern` replaced by `replace(match)`. A replacement as
 * long as its match maps unit for unit; any other comes from the whole match's original span.
 */
export function replaceMapped(
  mapped: MappedText,
  pattern: RegExp,
  replace: (match: RegExpExecArray) => string,
): MappedText {
  const matches = [...mapped.text.matchAll(pattern)];
  if (matches.length === 0) return mapped;
  const builder = new MappedTextBuilder();
  let at = 0;
  for (const match of matches) {
    const start = match.index;
    const end = start + match[0].length;
    if (end === start) continue;
    builder.copy(mapped, at, start);
    const replacement = replace(match as RegExpExecArray);
    if (replacement.length === match[0].length) {
      for (let i = 0; i < replacement.length; i += 1) {
        builder.push(replacement.charAt(i), mapped.from[start + i] ?? 0, mapped.to[start + i] ?? 0);
      }
    } else {
      const [from, to] = originalRange(mapped, start, end);
      builder.push(replacement, from, to);
    }
    at = end;
  }
  builder.copy(mapped, at, mapped.text.length);
  return builder.build();
}
