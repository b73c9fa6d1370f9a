import type { Category } from '@app/contracts';
import { inUseReasons } from '@app/domain';
import type { Ctx } from '../../http/context';
import { notFound } from '../../lib/errors';
import { isProgrammeType } from '../tenancy/features';
import { requireVenue } from '../venues/service';
import { type CategoryRow, categoryUsage, listCategories, venueSlugsByCategory } from './queries';

const v1Types = { classes: 'class_templates', resources: 'ad_hoc_templates', ticketed: 'fast_ticket_templates' } as const;

export interface CategoryTree {
  rows: CategoryRow[];
  byId: Map<number, CategoryRow>;
  childrenOf: Map<number, CategoryRow[]>;
  venuesOf(r: CategoryRow): string[];
  usage: { withSchedules: Set<number>; withChildren: Set<number> };
}

/**
 * A client's category tree with the venues each part is offered at (a parent is offered where a child is) and what
 * is in use. Read on every timetable request, so it is cached briefly; category changes clear it.
 */
export function categoryTree(c: Ctx): Promise<CategoryTree> {
  return c.cache.get(`categories:${c.client.id}`, async () => {
    const [rows, slugs, usage] = await Promise.all([
      listCategories(c.db, c.client.id),
      venueSlugsByCategory(c.db, c.client.id),
      categoryUsage(c.db, c.client.id),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const childrenOf = new Map<number, CategoryRow[]>();
    for (const r of rows) if (r.parentId !== null) childrenOf.set(r.parentId, [...(childrenOf.get(r.parentId) ?? []), r]);
    const venuesOf = (r: CategoryRow): string[] => {
      const own = slugs.get(r.id) ?? [];
      const fromChildren = (childrenOf.get(r.id) ?? []).flatMap(venuesOf);
      return [...new Set([...own, ...fromChildren])].sort();
    };
    return { rows, byId, childrenOf, venuesOf, usage };
  });
}

export const forgetCategories = (c: Ctx): void => c.cache.clear(`categories:${c.client.id}`);

export function toCategory(r: CategoryRow, tree: CategoryTree, venueSlug: string | null, withUsage = false): Category {
  const parent = r.parentId !== null ? tree.byId.get(r.parentId) : undefined;
  const children = (tree.childrenOf.get(r.id) ?? []).filter((ch) => venueSlug === null || tree.venuesOf(ch).includes(venueSlug));
  const kind = r.bookingType === 'classes' || r.bookingType === 'resources' || r.bookingType === 'ticketed' ? r.bookingType : null;
  const reasons = inUseReasons({ hasChildren: tree.usage.withChildren.has(r.id), hasSchedules: tree.usage.withSchedules.has(r.id) });
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    booking_type: r.bookingType,
    is_root: r.parentId === null,
    browse_by_name: r.browseByName,
    allocation_strategy: r.allocationStrategy,
    v2_type: kind,
    v1_type: kind ? v1Types[kind] : null,
    parent: parent ? { id: parent.id, name: parent.name, slug: parent.slug } : null,
    children: children.map((ch) => ({ id: ch.id, name: ch.name, slug: ch.slug, booking_type: ch.bookingType })),
    locations: tree.venuesOf(r).map((slug) => ({ venue_slug: slug })),
    photo: r.photo,
    ...(withUsage ? { in_use: { in_use: reasons.length > 0, reasons } } : {}),
    created_at: r.createdAt.toISOString(),
  };
}

/**
 * The tree as customers see it: without courses and camps when the client has switched them off (issue 13, defect
 * 15), so a group left with nothing offered is offered nowhere. Staff's category management keeps the whole tree.
 */
export function offeredTree(c: Ctx, tree: CategoryTree): CategoryTree {
  if (c.client.features.campsAndCoursesBookingEnabled) return tree;
  const rows = tree.rows.filter((r) => !isProgrammeType(r.bookingType));
  const childrenOf = new Map([...tree.childrenOf].map(([id, list]) => [id, list.filter((r) => !isProgrammeType(r.bookingType))]));
  const venuesOf = (r: CategoryRow): string[] =>
    tree.childrenOf.has(r.id) ? [...new Set((childrenOf.get(r.id) ?? []).flatMap(venuesOf))].sort() : tree.venuesOf(r);
  return { ...tree, rows, byId: new Map(rows.map((r) => [r.id, r])), childrenOf, venuesOf };
}

/** The activities a venue offers: its root categories with at least one schedule there, children filtered alike. */
export async function venueCategories(c: Ctx, venueSlug: string): Promise<Category[]> {
  const venue = await requireVenue(c, venueSlug);
  const tree = offeredTree(c, await categoryTree(c));
  return tree.rows.filter((r) => r.parentId === null && tree.venuesOf(r).includes(venue.slug)).map((r) => toCategory(r, tree, venue.slug));
}

export async function venueCategory(c: Ctx, venueSlug: string, slug: string): Promise<Category> {
  const venue = await requireVenue(c, venueSlug);
  const tree = offeredTree(c, await categoryTree(c));
  const row = tree.rows.find((r) => r.slug === slug);
  if (!row || !tree.venuesOf(row).includes(venue.slug)) throw notFound();
  return toCategory(row, tree, venue.slug);
}

/** A category and its descendants' ids, for "everything under this activity" queries. */
export async function categoryWithDescendants(c: Ctx, slug: string): Promise<{ row: CategoryRow; ids: number[] }> {
  const tree = await categoryTree(c);
  const row = tree.rows.find((r) => r.slug === slug);
  if (!row) throw notFound();
  const ids: number[] = [];
  const walk = (r: CategoryRow) => {
    ids.push(r.id);
    for (const ch of tree.childrenOf.get(r.id) ?? []) walk(ch);
  };
  walk(row);
  return { row, ids };
}
