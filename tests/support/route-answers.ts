/** The data of an answer made with Remix's data(), as the action or loader returns it. */
type DataOf<Answer> = Answer extends { data: infer Data; init: ResponseInit | null } ? Data : never;

/**
 * An action's answer that shows the form again (Remix's data()): its status and its data, typed as the action
 * returns them. A redirect or another Response fails the test here, saying where it went.
 */
export function shownAgain<Answer>(answer: Answer): { status: number; data: DataOf<Answer> } {
  if (answer instanceof Response) throw new Error(`expected the form again, got ${answer.status} ${answer.headers.get("Location") ?? ""}`);
  // data() answers are a class of the router's that it does not export for instanceof: its fields are read as typed above.
  const { data, init } = answer as { data: DataOf<Answer>; init: ResponseInit | null };
  return { status: init?.status ?? 200, data };
}
