import { type FormEvent, useId, useState } from 'react';
import * as v from 'valibot';
import { useCan, useRole, useSignedInUser } from '#data/hooks/use-permissions.ts';
import { type ShownPerson, useTeam } from '#data/hooks/use-team.ts';
import {
  changePerson,
  invitePerson,
  resendInvitation,
  revokeInvitation,
} from '#data/repositories/team.ts';
import { type Invitation, InviteRequestSchema } from '#domains/team/team.ts';
import { assignableRoles, ROLE_LABELS } from '#shared/auth/permissions.ts';
import type { Role } from '#shared/auth/schemas.ts';
import { firstMessageByField } from '#shared/validation.ts';
import { Modal } from '#ui/modal.tsx';
import { PageHeader } from '#ui/page-header.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { showToast } from '#ui/toast.tsx';
import './team.css';
import { Field } from '#ui/field.tsx';

const dateTime = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' })
    : 'Never';
const date = (iso: string) => new Date(iso).toLocaleDateString('en-AU', { dateStyle: 'medium' });

/**
 * Settings → Team & Permissions: the business's people (name, email, role, last sign-in,
 * status), inviting someone, resending or revoking an invitation, changing a role, disabling
 * and enabling. Owners and managers see it; a manager cannot touch owners. Changes go through
 * the outbox and show at once.
 */
export function TeamPage() {
  const canManage = useCan('team.manage');
  const role = useRole() ?? 'staff';
  const user = useSignedInUser();
  const team = useTeam(canManage);
  const [disabling, setDisabling] = useState<ShownPerson | null>(null);

  if (!canManage) {
    return (
      <>
        <PageHeader title="Team & Permissions" />
        <p className="card team-note">
          Team & Permissions is for owners and managers. Ask one of them to add people or change
          roles.
        </p>
      </>
    );
  }

  const mayChange = (person: ShownPerson) =>
    person.id !== user?.id && assignableRoles(role).includes(person.role);

  let list: React.ReactNode;
  if (team.query.isPending) list = <PageSpinner label="Loading the team..." />;
  else if (team.query.isError && !team.query.data) {
    list = (
      <div className="card team-note" role="alert">
        <p>The team could not be loaded: {team.query.error.message}</p>
        <button type="button" className="button button--link" onClick={() => team.query.refetch()}>
          Try again
        </button>
      </div>
    );
  } else {
    list = (
      <>
        <section className="card team-section" aria-labelledby="team-people">
          <h2 id="team-people" className="team-section__title">
            People ({team.people.length})
          </h2>
          <div className="team-table-wrap">
            <table className="detail-table team-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Last sign-in</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {team.people.map((person) => (
                  <tr key={person.id}>
                    <td data-label="Name" className="team-table__name">
                      {person.name}
                      {person.id === user?.id ? ' (you)' : ''}
                      {person.waiting ? (
                        <span className="team-mark">
                          {person.waiting === 'pending' ? 'Not yet synced' : 'Needs attention'}
                        </span>
                      ) : null}
                    </td>
                    <td data-label="Email" className="team-table__email">
                      {person.email}
                    </td>
                    <td data-label="Role">
                      {mayChange(person) ? (
                        <select
                          className="field__input team-table__role"
                          aria-label={`Role of ${person.name}`}
                          value={person.role}
                          onChange={(event) => {
                            void changePerson(person, { role: event.target.value as Role });
                          }}
                        >
                          {assignableRoles(role).map((option) => (
                            <option key={option} value={option}>
                              {ROLE_LABELS[option]}
                            </option>
                          ))}
                        </select>
                      ) : (
                        ROLE_LABELS[person.role]
                      )}
                    </td>
                    <td data-label="Last sign-in">{dateTime(person.last_sign_in_at)}</td>
                    <td data-label="Status">
                      <span className={`team-status team-status--${person.status}`}>
                        {person.status === 'active' ? 'Active' : 'Disabled'}
                      </span>
                    </td>
                    <td className="team-table__actions">
                      {mayChange(person) ? (
                        person.status === 'active' ? (
                          <button
                            type="button"
                            className="button button--secondary"
                            onClick={() => setDisabling(person)}
                          >
                            Disable
                          </button>
                        ) : (
                          <button
                            type="button"
                            className="button button--secondary"
                            onClick={() => void changePerson(person, { disabled: false })}
                          >
                            Enable
                          </button>
                        )
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <InvitationList
          invitations={team.invitations}
          waiting={team.waitingInvitations.map((entry) => ({
            id: entry.entryId,
            name: entry.invite.name,
            email: entry.invite.email,
            role: entry.invite.role,
            state: entry.state,
          }))}
          role={role}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Team & Permissions" subtitle="The people who sign in to your business." />
      <div className="team-page">
        <InviteForm role={role} />
        {list}
      </div>
      {disabling ? (
        <Modal
          title={`Disable ${disabling.name}?`}
          size="small"
          role="alertdialog"
          onClose={() => setDisabling(null)}
          footer={
            <>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setDisabling(null)}
              >
                Cancel
              </button>
              <button
                type="button"
                className="button button--danger"
                onClick={() => {
                  void changePerson(disabling, { disabled: true });
                  setDisabling(null);
                }}
              >
                Disable
              </button>
            </>
          }
        >
          <p>
            {disabling.name} is signed out everywhere at once and cannot sign in until enabled
            again. What they did stays in the history.
          </p>
        </Modal>
      ) : null}
    </>
  );
}

type InviteDraft = { name: string; email: string; role: Role };
type InviteErrors = Partial<Record<keyof InviteDraft, string>>;

function InviteForm({ role }: { role: Role }) {
  const id = useId();
  const roles = assignableRoles(role);
  const [draft, setDraft] = useState<InviteDraft>({ name: '', email: '', role: 'staff' });
  const [errors, setErrors] = useState<InviteErrors>({});
  const [saving, setSaving] = useState(false);
  const set = (key: keyof InviteDraft, value: string) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = v.safeParse(InviteRequestSchema, draft);
    if (!parsed.success) {
      setErrors(firstMessageByField(parsed.issues));
      return;
    }
    setSaving(true);
    try {
      await invitePerson(parsed.output);
      showToast(
        `Invitation to ${parsed.output.name} saved; it is mailed when it reaches the server.`,
        'success',
      );
      setDraft({ name: '', email: '', role: 'staff' });
    } finally {
      setSaving(false);
    }
  }

  const field = (key: 'name' | 'email', label: string, type: string) => (
    <Field id={`${id}-${key}`} label={label} error={errors[key]}>
      {(control) => (
        <input
          {...control}
          className="field__input"
          type={type}
          autoComplete="off"
          value={draft[key]}
          onChange={(event) => set(key, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form
      className="card team-section team-invite"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={submit}
    >
      <h2 id={`${id}-title`} className="team-section__title">
        Invite someone
      </h2>
      <div className="team-invite__fields">
        {field('name', 'Name', 'text')}
        {field('email', 'Email', 'email')}
        <Field id={`${id}-role`} label="Role">
          {(control) => (
            <select
              {...control}
              className="field__input"
              value={draft.role}
              onChange={(event) => set('role', event.target.value)}
            >
              {roles.map((option) => (
                <option key={option} value={option}>
                  {ROLE_LABELS[option]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <p className="team-note__small">
        Staff see the catalogue and dashboard, adjust stock and count. Managers also change the
        catalogue, prices, settings and the team. Owners can do everything.
      </p>
      <button type="submit" className="button button--primary" disabled={saving}>
        Send invitation
      </button>
    </form>
  );
}

function InvitationList({
  invitations,
  waiting,
  role,
}: {
  invitations: readonly Invitation[];
  waiting: { id: string; name: string; email: string; role: Role; state: string }[];
  role: Role;
}) {
  if (invitations.length === 0 && waiting.length === 0) {
    return (
      <section className="card team-section" aria-labelledby="team-invitations">
        <h2 id="team-invitations" className="team-section__title">
          Invitations
        </h2>
        <p className="team-note__small">No invitations waiting.</p>
      </section>
    );
  }
  return (
    <section className="card team-section" aria-labelledby="team-invitations">
      <h2 id="team-invitations" className="team-section__title">
        Invitations
      </h2>
      <ul className="team-invitations">
        {waiting.map((invite) => (
          <li key={invite.id} className="team-invitation">
            <div>
              <p className="team-invitation__name">{invite.name}</p>
              <p className="team-note__small">
                {invite.email} · {ROLE_LABELS[invite.role]} ·{' '}
                {invite.state === 'needs-attention' ? 'Needs attention' : 'Not yet sent'}
              </p>
            </div>
          </li>
        ))}
        {invitations.map((invitation) => (
          <li key={invitation.id} className="team-invitation">
            <div>
              <p className="team-invitation__name">{invitation.name}</p>
              <p className="team-note__small">
                {invitation.email} · {ROLE_LABELS[invitation.role]} ·{' '}
                {invitation.status === 'invited'
                  ? `Invited, link valid until ${date(invitation.expires_at)}`
                  : 'Link expired'}
              </p>
            </div>
            {assignableRoles(role).includes(invitation.role) ? (
              <div className="team-invitation__actions">
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => {
                    void resendInvitation(invitation);
                    showToast(`A new link goes to ${invitation.email}.`, 'success');
                  }}
                >
                  Resend
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => void revokeInvitation(invitation)}
                >
                  Revoke
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
