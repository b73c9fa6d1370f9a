// Loaded into a server process by the bench only (`--import`), never by the app: answers the bench's IPC question
// "how much V8 heap is in use?" so the server itself exposes nothing new. RSS is read from /proc, not from here.
import v8 from 'node:v8';

process.on('message', (message) => {
  if (message !== 'bench:heap') return;
  // A full collection first (the bench starts the process with --expose-gc), so the figure is live data, not
  // whatever garbage the last request left behind.
  globalThis.gc?.();
  process.send?.({ heapUsed: v8.getHeapStatistics().used_heap_size });
});
// The question channel must not keep a server alive that would otherwise exit.
process.channel?.unref();
