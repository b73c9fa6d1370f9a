import type { BookingType, Category, CategoryCreateBody, CategoryUpdateBody } from '@app/contracts';
import { categoryErrors, categoryMessages } from '@app/domain';
import type { AuthedCtx } from '../../http/context';
import { isUniqueViolation } from '../../lib/db-errors';
import { fieldError, notFound } from '../../lib/errors';
import { deleteCategoryRow, insertCategory, updateCategoryRow } from './queries';
import { type CategoryTree, categoryTree, forgetCategories, toCategory } from './service';

const parentFacts = (tree: CategoryTree, parentId: number | null) => {
  if (parentId === null) return null;
  const p = tree.byId.get(parentId);
  return p ? { id: p.id, parentId: p.parentId, bookingType: p.bookingType } : ('missing' as const);
};

async function saved<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError({ slug: [categoryMessages.slugTaken] });
    throw err;
  }
}

export async function staffCategories(
  c: AuthedCtx,
  q: { search?: string; booking_type?: BookingType; withUsage: boolean },
): Promise<Category[]> {
  const tree = await categoryTree(c);
  const search = q.search?.toLowerCase();
  return tree.rows
    .filter(
      (r) =>
        (!search || r.name.toLowerCase().includes(search) || r.slug.includes(search)) &&
        (!q.booking_type || r.bookingType === q.booking_type),
    )
    .map((r) => toCategory(r, tree, null, q.withUsage));
}

export async function createCategory(c: AuthedCtx, body: CategoryCreateBody): Promise<Category> {
  const tree = await categoryTree(c);
  const errors = categoryErrors({ parentId: body.parent_id, bookingType: body.booking_type }, null, parentFacts(tree, body.parent_id));
  if (Object.keys(errors).length) throw fieldError(errors);
  const row = await saved(() =>
    insertCategory(c.db, {
      clientId: c.client.id,
      name: body.name,
      slug: body.slug,
      bookingType: body.booking_type,
      parentId: body.parent_id,
      ...(body.browse_by_name ? { browseByName: body.browse_by_name } : {}),
      createdAt: c.clock.now(),
    }),
  );
  forgetCategories(c);
  return toCategory(row, await categoryTree(c), null, true);
}

export async function updateCategory(c: AuthedCtx, id: number, body: CategoryUpdateBody): Promise<Category> {
  const tree = await categoryTree(c);
  const current = tree.byId.get(id);
  if (!current) throw notFound();
  const next = {
    parentId: body.parent_id === undefined ? current.parentId : body.parent_id,
    bookingType: body.booking_type === undefined ? current.bookingType : body.booking_type,
  };
  const facts = {
    id,
    parentId: current.parentId,
    bookingType: current.bookingType,
    hasChildren: tree.usage.withChildren.has(id),
    hasSchedules: tree.usage.withSchedules.has(id),
  };
  const errors = categoryErrors(next, facts, parentFacts(tree, next.parentId));
  if (Object.keys(errors).length) throw fieldError(errors);
  await saved(() =>
    updateCategoryRow(c.db, c.client.id, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.slug !== undefined ? { slug: body.slug } : {}),
      ...(body.browse_by_name !== undefined ? { browseByName: body.browse_by_name } : {}),
      parentId: next.parentId,
      bookingType: next.bookingType,
    }),
  );
  forgetCategories(c);
  const fresh = await categoryTree(c);
  return toCategory(fresh.byId.get(id) as NonNullable<ReturnType<typeof fresh.byId.get>>, fresh, null, true);
}

export async function deleteCategory(c: AuthedCtx, id: number): Promise<void> {
  const tree = await categoryTree(c);
  if (!tree.byId.has(id)) throw notFound();
  if (tree.usage.withSchedules.has(id) || tree.usage.withChildren.has(id)) throw fieldError({ category: [categoryMessages.inUse] });
  await deleteCategoryRow(c.db, c.client.id, id);
  forgetCategories(c);
}
