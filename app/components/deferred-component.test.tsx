import { Suspense } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { deferredComponent } from './deferred-component';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

describe('a deferred component', () => {
  it('renders at once, with no fallback, once its code is preloaded', async () => {
    let loads = 0;
    const Deferred = deferredComponent(async () => {
      loads += 1;
      return Greeting;
    });
    await Deferred.preload();
    await Deferred.preload();
    const html = renderToString(
      <Suspense fallback={<p>Loading</p>}>
        <Deferred name="Ada" />
      </Suspense>,
    );
    expect(html).toContain('Hello, <!-- -->Ada');
    expect(html).not.toContain('Loading');
    expect(loads).toBe(1);
  });

  it('shows its fallback while its code has not arrived', () => {
    const Deferred = deferredComponent(() => new Promise<typeof Greeting>(() => {}));
    const html = renderToStaticMarkup(
      <Suspense fallback={<p>Loading</p>}>
        <Deferred name="Ada" />
      </Suspense>,
    );
    expect(html).toBe('<p>Loading</p>');
  });

  it('asks for its code again after a failed load', async () => {
    let attempts = 0;
    const Deferred = deferredComponent(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('connection dropped');
      return Greeting;
    });
    await expect(Deferred.preload()).rejects.toThrow('connection dropped');
    await Deferred.preload();
    expect(renderToStaticMarkup(<Deferred name="Ada" />)).toBe('<p>Hello, Ada</p>');
    expect(attempts).toBe(2);
  });
});
