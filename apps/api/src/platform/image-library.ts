import type sharpModule from 'sharp';

// sharp (libvips) is loaded on the first picture this process handles, not at start-up: loading it
// costs about 34 MB of resident memory (the library's code and its thread pool's set-up), and most API
// processes serve thousands of requests between two uploads. The first upload waits for the load once
// (tens of milliseconds).

let loading: Promise<typeof sharpModule> | undefined;

/** sharp, loaded once per process on first use. */
export function imageLibrary(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then(
    (loaded) => loaded.default,
    (error: unknown) => {
      // a failed load (a missing binary) is tried again on the next picture
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
