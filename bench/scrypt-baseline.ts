// The logins bench's baseline: a bare Node process that does nothing but scrypt. Asked (over IPC) for `count`
// derivations at the given parameters, it starts them all at once, as an API without a bound on hashing would, and
// answers each one's time and the whole burst's. Its memory is read from outside (lib/peak.ts).
import { randomBytes, scrypt } from 'node:crypto';

interface Ask {
  count: number;
  N: number;
  r: number;
  p: number;
  keyLength: number;
  maxmem: number;
}

const derive = (o: Ask) =>
  new Promise<number>((resolve, reject) => {
    const started = performance.now();
    scrypt('correct horse battery staple', randomBytes(16), o.keyLength, { N: o.N, r: o.r, p: o.p, maxmem: o.maxmem }, (err) =>
      err ? reject(err) : resolve(performance.now() - started),
    );
  });

process.on('message', async (ask: Ask) => {
  const started = performance.now();
  const ms = await Promise.all(Array.from({ length: ask.count }, () => derive(ask)));
  process.send?.({ ms, seconds: (performance.now() - started) / 1000 });
});
process.send?.({ ready: true });
