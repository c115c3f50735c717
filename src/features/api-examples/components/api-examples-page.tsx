import { useId, useState } from 'react';
import { API_PREFIX } from '#shared/api.ts';
import { UPLOAD_ACCEPT, UPLOAD_TYPES_TEXT } from '#shared/uploads.ts';
import { PageHeader } from '#ui/page-header.tsx';
import { useCreatedProduct } from '../created-product.ts';
import {
  EXAMPLE_CALLS,
  type ExampleCall,
  type ExampleOutcome,
  runExample,
  SAMPLE_UPLOAD,
} from '../example-calls.ts';
import './api-examples.css';

interface Shown extends ExampleOutcome {
  call: ExampleCall;
}

function formatShown(shown: unknown): string {
  return typeof shown === 'string' ? shown : JSON.stringify(shown, null, 2);
}

function ResponsePanel({ shown, running }: { shown: Shown | null; running: ExampleCall | null }) {
  const headingId = useId();
  return (
    <section className="card api-response" aria-labelledby={headingId} aria-busy={running !== null}>
      <h2 id={headingId} className="api-card__title">
        Response
        {shown ? (
          <span className="api-response__call">
            {' '}
            · {shown.call.label}
            {shown.status !== null ? ` · ${shown.status}` : ''}
          </span>
        ) : null}
      </h2>
      <div aria-live="polite">
        {shown ? (
          <>
            <pre
              className={`api-response__body${failed(shown) ? ' api-response__body--error' : ''}`}
              data-testid="api-response"
            >
              {formatShown(shown.shown)}
            </pre>
            {shown.serverMessage ? (
              <p className="api-response__note">The server said: {shown.serverMessage}</p>
            ) : null}
          </>
        ) : (
          <p className="api-response__empty">Run a call above: its response appears here.</p>
        )}
      </div>
    </section>
  );
}

/** No answer came (or no call was made), or the server refused: what is shown is {error}. */
function failed(outcome: ExampleOutcome): boolean {
  return outcome.status === null || outcome.status >= 400;
}

export function ApiExamplesPage() {
  const [productId, setProductId] = useCreatedProduct();
  const [running, setRunning] = useState<ExampleCall | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const fileId = useId();

  async function run(call: ExampleCall) {
    setRunning(call);
    const outcome = await runExample(call, { productId, file });
    if (outcome.productId !== undefined) setProductId(outcome.productId);
    setShown({ ...outcome, call });
    setRunning(null);
  }

  return (
    <div className="api-examples">
      <PageHeader
        title="Authenticated API Call Examples"
        subtitle="Real calls to the Vintry API, made with your session."
      />

      <section className="card api-card" aria-labelledby="api-calls">
        <h2 id="api-calls" className="api-card__title">
          Calls
        </h2>
        <ul className="api-calls">
          {EXAMPLE_CALLS.map((call) => (
            <li key={call.id} className="api-call">
              <button
                type="button"
                className="button button--primary api-call__button"
                disabled={running !== null}
                onClick={() => void run(call)}
              >
                {running?.id === call.id ? call.runningLabel : call.label}
              </button>
              <code className="api-call__path">
                {call.method} {API_PREFIX}
                {call.path.replace('{id}', productId === null ? '{id}' : String(productId))}
              </code>
            </li>
          ))}
        </ul>

        <p className="api-target" data-testid="api-target">
          {productId === null
            ? 'No product created yet: PUT and DELETE act on the product that POST Create Product creates here.'
            : `PUT and DELETE act on product ${productId}, created here with POST Create Product.`}
        </p>

        <div className="api-file">
          <label htmlFor={fileId} className="field__label">
            File to upload ({UPLOAD_TYPES_TEXT}, at most 10 MB)
          </label>
          <input
            id={fileId}
            type="file"
            accept={UPLOAD_ACCEPT}
            className="api-file__input"
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
          />
          <p className="api-file__hint">
            {file
              ? `POST File Upload sends ${file.name}.`
              : `With no file chosen, POST File Upload sends the app's icon (${SAMPLE_UPLOAD.name}).`}
          </p>
        </div>
      </section>

      <ResponsePanel shown={shown} running={running} />

      <section className="card api-card api-explain" aria-labelledby="api-how">
        <h2 id="api-how" className="api-card__title">
          How these calls are made
        </h2>
        <ul>
          <li>
            Every authenticated call carries the access token in an{' '}
            <code>Authorization: Bearer &lt;token&gt;</code> header.
          </li>
          <li>
            When the server answers 401, the token is refreshed with the refresh token and the call
            is made once more.
          </li>
          <li>
            When the refresh fails, the session is cleaned up: the tokens and user are removed and
            you are asked to sign in again.
          </li>
        </ul>
      </section>
    </div>
  );
}
