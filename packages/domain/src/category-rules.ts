import type { BookingType } from '@app/contracts';

export interface CategoryFacts {
  id: number;
  parentId: number | null;
  bookingType: BookingType | null;
  /** It has sub-categories. */
  hasChildren: boolean;
  /** It holds schedules (and so occurrences and bookings). */
  hasSchedules: boolean;
}

export interface ParentFacts {
  id: number;
  parentId: number | null;
  bookingType: BookingType | null;
}

export const categoryMessages = {
  parentInvalid: 'The selected parent is invalid.',
  parentNotGroup: 'The parent must be a group with no booking type.',
  parentNotTopLevel: 'The parent must be a top-level group with no parent of its own.',
  parentHasParent: 'A category with sub-categories cannot have a parent.',
  groupHasType: 'A category with sub-categories cannot have a booking type.',
  typeRequired: 'A category that holds schedules needs a booking type.',
  typeInUse: 'The booking type cannot change once the category is in use.',
  inUse: 'A category in use cannot be deleted.',
  slugTaken: 'The slug has already been taken.',
} as const;

/** Why a category is in use, if it is (doc 2: categories in use cannot change type or be deleted). */
export function inUseReasons(c: Pick<CategoryFacts, 'hasChildren' | 'hasSchedules'>): string[] {
  return [...(c.hasSchedules ? ['It holds schedules'] : []), ...(c.hasChildren ? ['It has sub-categories'] : [])];
}

/**
 * Field errors for creating (current null) or changing a category to `next`, by document 2's rules: the parent
 * must exist and be a top-level group with no booking type; a category that is a parent cannot have a parent or a
 * booking type; one holding schedules needs a booking type and cannot change it. Slug uniqueness needs the
 * database and is checked there.
 */
export function categoryErrors(
  next: { parentId: number | null; bookingType: BookingType | null },
  current: CategoryFacts | null,
  parent: ParentFacts | null | 'missing',
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (next.parentId !== null) {
    if (parent === 'missing' || parent === null || parent.id === current?.id) add('parent_id', categoryMessages.parentInvalid);
    else if (parent.bookingType !== null) add('parent_id', categoryMessages.parentNotGroup);
    else if (parent.parentId !== null) add('parent_id', categoryMessages.parentNotTopLevel);
    if (current?.hasChildren) add('parent_id', categoryMessages.parentHasParent);
  }
  if (current?.hasChildren && next.bookingType !== null) add('booking_type', categoryMessages.groupHasType);
  if (current?.hasSchedules) {
    if (next.bookingType === null) add('booking_type', categoryMessages.typeRequired);
    else if (next.bookingType !== current.bookingType) add('booking_type', categoryMessages.typeInUse);
  }
  return errors;
}
