import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { activityKeys } from '../features/activities';
import { authKeys } from '../features/auth';
import { basketKeys } from '../features/basket';
import { programmeKeys } from '../features/programmes';
import { waitlistKeys } from '../features/waitlists';
import { termsAgreement } from '../lib/terms-agreement';
import { installRefetchRules } from './refetch-rules';

let uninstall = () => {};
afterEach(() => {
  uninstall();
  termsAgreement.reset();
});

function seeded() {
  const client = new QueryClient();
  const keys = {
    timetable: activityKeys.timetable('harrogate', 'spin', '2030-01-07', true),
    slots: activityKeys.slots('harrogate', 'badminton', '2030-01-07', 2, true),
    times: activityKeys.times('harrogate', 'public-swim', '2030-01-07', null, true),
    dates: activityKeys.dates('harrogate', 'spin'),
    course: programmeKeys.detail('courses', 'adult-improvers-swimming-5'),
    categories: activityKeys.categories('harrogate'),
  };
  for (const key of Object.values(keys)) client.setQueryData(key, []);
  uninstall = installRefetchRules(client);
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  return { client, keys, stale };
}

const succeed = (client: QueryClient, mutationKey: readonly unknown[]) =>
  client
    .getMutationCache()
    .build(client, { mutationKey, mutationFn: async () => null })
    .execute(undefined);

describe('the refetch rules', () => {
  it.each([
    ['a cart add', basketKeys.add()],
    ['a cart remove', basketKeys.remove()],
    ['emptying the basket', basketKeys.clear()],
    ['a completed payment', basketKeys.paid()],
    ['a login', authKeys.login()],
    ['a logout', authKeys.logout()],
    ['a waitlist join', waitlistKeys.join()],
  ])('reload timetables, slots, times, dates and programmes after %s', async (_, key) => {
    const { client, keys, stale } = seeded();
    await succeed(client, key);
    expect(stale(keys.timetable)).toBe(true);
    expect(stale(keys.slots)).toBe(true);
    expect(stale(keys.times)).toBe(true);
    expect(stale(keys.dates)).toBe(true);
    expect(stale(keys.course)).toBe(true);
    expect(stale(keys.categories)).toBe(false);
  });

  it('reload them when the terms agreement changes', () => {
    const { keys, stale } = seeded();
    termsAgreement.set(true);
    expect(stale(keys.timetable)).toBe(true);
  });

  it.each([
    ['an authorise', ['checkout', 'authorise']],
    ['a basket change that keeps its places', [...basketKeys.all, 'change']],
    ['credit applied', [...basketKeys.all, 'credits']],
  ])('leave them alone after %s', async (_, key) => {
    const { client, keys, stale } = seeded();
    await succeed(client, key);
    expect(stale(keys.timetable)).toBe(false);
  });
});
