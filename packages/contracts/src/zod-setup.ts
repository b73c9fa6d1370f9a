import { z } from 'zod';
import { requiredMessage } from './messages';

/**
 * One error map for every schema in the API and the app, so a form and the API say the same words.
 * The spec's generic messages are 'Required' and 'Must contain at least/at most/exactly N character(s)'.
 */
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return requiredMessage;
    if (issue.code === 'too_small') {
      const n = Number(issue.minimum);
      if (issue.origin === 'string') {
        return issue.exact ? `Must contain exactly ${n} character(s)` : `Must contain at least ${n} character(s)`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return issue.exact ? `Must contain exactly ${n} item(s)` : `Must contain at least ${n} item(s)`;
      }
      return issue.inclusive === false ? `Must be greater than ${n}` : `Must be at least ${n}`;
    }
    if (issue.code === 'too_big') {
      const n = Number(issue.maximum);
      if (issue.origin === 'string') {
        return issue.exact ? `Must contain exactly ${n} character(s)` : `Must contain at most ${n} character(s)`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') return `Must contain at most ${n} item(s)`;
      return issue.inclusive === false ? `Must be less than ${n}` : `Must be at most ${n}`;
    }
    if (issue.code === 'invalid_type') return `Must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`;
    if (issue.code === 'invalid_value') return 'The selected value is invalid.';
    if (issue.code === 'invalid_format' && issue.format === 'email') return 'Must be a valid email address';
    if (issue.code === 'unrecognized_keys') return `Unknown field(s): ${issue.keys.join(', ')}`;
    return undefined;
  },
});

export { z };
