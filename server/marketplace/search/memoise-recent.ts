/**
 * Remembers the answers of an async lookup for its most recent `capacity` keys (least recently
 * used forgotten first). Concurrent calls for one key share a lookup; a failed lookup is not
 * remembered. For data that does not change while the server runs.
 */
export function memoiseRecent<Value>(
  lookUp: (key: string) => Promise<Value>,
  capacity: number,
): (key: string) => Promise<Value> {
  const recent = new Map<string, Promise<Value>>();
  return (key) => {
    const known = recent.get(key);
    if (known) {
      // Map keeps insertion order: moving the key to the end marks it most recently used.
      recent.delete(key);
      recent.set(key, known);
      return known;
    }
    const answer = lookUp(key);
    recent.set(key, answer);
    answer.catch(() => recent.delete(key));
    if (recent.size > capacity) recent.delete(recent.keys().next().value!);
    return answer;
  };
}
