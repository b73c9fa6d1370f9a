import { useSearchParams } from 'react-router';

/** Where to go after logging in or signing up: the redirect query value if it is a path on this site, else '/'. */
export function useAfterAuthPath(): string {
  const [params] = useSearchParams();
  const target = params.get('redirect') ?? '';
  return target.startsWith('/') && !target.startsWith('//') ? target : '/';
}
