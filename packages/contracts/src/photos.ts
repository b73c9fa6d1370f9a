import { z } from './zod-setup';

/**
 * A photo as the app shows it (issue 13, decision 170): the smallest file as `src`, every width in `srcset`, the
 * intrinsic size (so the page keeps its place while it loads) and the words for someone who cannot see it.
 */
export const photo = z.object({
  src: z.string(),
  srcset: z.string(),
  width: z.int32(),
  height: z.int32(),
  alt: z.string(),
});
export type Photo = z.infer<typeof photo>;

/** The home page's welcome per client: a photo, a heading and a line of text; null shows the plain chooser. */
export const hero = z.object({ title: z.string(), text: z.string(), photo: photo.nullable() });
export type Hero = z.infer<typeof hero>;
