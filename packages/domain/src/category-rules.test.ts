import { describe, expect, it } from 'vitest';
import { type CategoryFacts, categoryErrors, categoryMessages, inUseReasons } from './category-rules';

const group = { id: 1, parentId: null, bookingType: null };
const leaf: CategoryFacts = { id: 2, parentId: 1, bookingType: 'classes', hasChildren: false, hasSchedules: false };

describe('categoryErrors', () => {
  it('accepts a new group and a new leaf under a group', () => {
    expect(categoryErrors({ parentId: null, bookingType: null }, null, null)).toEqual({});
    expect(categoryErrors({ parentId: 1, bookingType: 'classes' }, null, group)).toEqual({});
  });

  it('needs the parent to exist and be a top-level group without a booking type', () => {
    expect(categoryErrors({ parentId: 9, bookingType: 'classes' }, null, 'missing')).toEqual({
      parent_id: [categoryMessages.parentInvalid],
    });
    expect(categoryErrors({ parentId: 2, bookingType: 'classes' }, null, { id: 2, parentId: 1, bookingType: 'classes' })).toEqual({
      parent_id: [categoryMessages.parentNotGroup],
    });
    expect(categoryErrors({ parentId: 3, bookingType: 'classes' }, null, { id: 3, parentId: 1, bookingType: null })).toEqual({
      parent_id: [categoryMessages.parentNotTopLevel],
    });
    expect(
      categoryErrors({ parentId: 2, bookingType: null }, { ...leaf, parentId: null }, { id: 2, parentId: null, bookingType: null }),
    ).toEqual({
      parent_id: [categoryMessages.parentInvalid],
    });
  });

  it('keeps a parent category free of a parent and a booking type', () => {
    const parent: CategoryFacts = { id: 5, parentId: null, bookingType: null, hasChildren: true, hasSchedules: false };
    expect(categoryErrors({ parentId: 1, bookingType: null }, parent, group).parent_id).toContain(categoryMessages.parentHasParent);
    expect(categoryErrors({ parentId: null, bookingType: 'classes' }, parent, null)).toEqual({
      booking_type: [categoryMessages.groupHasType],
    });
  });

  it('needs a booking type, unchanged, once the category holds schedules', () => {
    const used = { ...leaf, hasSchedules: true };
    expect(categoryErrors({ parentId: 1, bookingType: null }, used, group)).toEqual({ booking_type: [categoryMessages.typeRequired] });
    expect(categoryErrors({ parentId: 1, bookingType: 'resources' }, used, group)).toEqual({ booking_type: [categoryMessages.typeInUse] });
    expect(categoryErrors({ parentId: 1, bookingType: 'classes' }, used, group)).toEqual({});
    expect(categoryErrors({ parentId: 1, bookingType: 'resources' }, leaf, group)).toEqual({});
  });
});

it('says why a category is in use', () => {
  expect(inUseReasons({ hasChildren: false, hasSchedules: false })).toEqual([]);
  expect(inUseReasons({ hasChildren: true, hasSchedules: true })).toEqual(['It holds schedules', 'It has sub-categories']);
});
