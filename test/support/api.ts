/** The portal's API as a journey's set-up calls it, signed in as a demo user (password demo1234). */
export function portalApi(url: () => string) {
  const tokenOf = async (userName: string): Promise<string> => {
    const login = await fetch(`${url()}/api/user/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ userName, password: 'demo1234' }) });
    return ((await login.json()) as { accessToken: string }).accessToken;
  };
  /** One call; its JSON answer (undefined when empty); throws on a status of 400 or more. */
  const apiCall = async <T>(userName: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url()}/api/${path}`, {
      method,
      headers: { Authorization: `Bearer ${await tokenOf(userName)}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    const text = await res.text();
    return (text === '' ? undefined : JSON.parse(text)) as T;
  };
  return { tokenOf, apiCall };
}

/** A question of a filled questionnaire as the answering call gives it. */
export interface FilledQuestion {
  id: number;
  type: string;
  relevantForReview: boolean;
  translations: { language: string; title: string }[];
  options: { id: number; isExclusive: boolean }[];
}

/** A filled questionnaire's tree and answers, as far as journeys read them. */
export interface FilledTree {
  id: number;
  clusters: { categories: { id: number; sections: { id: number; questions: FilledQuestion[] }[] }[] }[];
  answers: { id: number; questionId: number; state: string | null }[];
}

export const questionsOf = (f: Pick<FilledTree, 'clusters'>): FilledQuestion[] => f.clusters.flatMap((c) => c.categories.flatMap((cat) => cat.sections.flatMap((s) => s.questions)));
