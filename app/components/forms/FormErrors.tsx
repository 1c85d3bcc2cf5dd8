/** Messages about the whole form (the server's answer), announced and shown above the fields. */
export function FormErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <div className="card form-errors" role="alert" id={id}>
      {errors.map((message) => (
        <p key={message} className="field__error">
          {message}
        </p>
      ))}
    </div>
  );
}
