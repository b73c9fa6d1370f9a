const loading = new Map<string, Promise<void>>();

/**
 * Loads a provider's script once per address (Stripe.js, Opayo's Drop-in, Ryft's SDK). The address comes from the
 * server's prepare answer, so production loads the provider's own URL and the e2e suite a local fake of it.
 */
export function loadScript(src: string): Promise<void> {
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(src);
      script.remove();
      reject(new Error(`could not load ${src}`));
    };
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}
