import http from 'node:http';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

/**
 * A response's bytes as sent: Node's fetch would decompress them and drop the length. Also the
 * lighter client for load generators (`agent` to keep sockets alive).
 */
export function rawRequest(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
    agent,
  }: {
    method?: string;
    headers?: http.OutgoingHttpHeaders;
    body?: string | Buffer;
    agent?: http.Agent;
  } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('error', reject);
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          bytes: Buffer.concat(chunks),
        }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}
