import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { userProfileQuery } from '#data/repositories/user-profile.ts';
import type { SessionUser } from '#shared/auth/schemas.ts';
import { useFocusTrap } from '#ui/use-focus-trap.ts';

function initials(name: string): string {
  const words = name
    .replace(/@.*/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  return (words.length > 1 ? `${words[0]?.[0]}${words[1]?.[0]}` : name.slice(0, 2)).toUpperCase();
}

/**
 * The signed-in user in the top bar, opening their profile (from GET /user/profile, kept for
 * offline use; the session's copy until it arrives).
 */
export function ProfileMenu({ sessionUser }: { sessionUser: SessionUser }) {
  const profile = useQuery(userProfileQuery());
  const [open, setOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef, open, () => setOpen(false));
  const user = profile.data ?? sessionUser;
  const name = user.name ?? user.email;

  return (
    <div className="profile">
      <button
        type="button"
        className="top-bar__user"
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen((value) => !value)}
      >
        <span className="top-bar__avatar" aria-hidden="true">
          {initials(name)}
        </span>
        <span className="top-bar__user-text">
          <span className="top-bar__user-name">{name}</span>
          {user.businessName ? (
            <span className="top-bar__business">{user.businessName}</span>
          ) : null}
        </span>
        <span className="visually-hidden">Your profile</span>
      </button>
      {open ? (
        <div ref={panelRef} className="profile__panel" role="dialog" aria-label="Your profile">
          <dl className="profile__facts">
            <div>
              <dt>Name</dt>
              <dd>{name}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{user.email}</dd>
            </div>
            {user.role ? (
              <div>
                <dt>Role</dt>
                <dd className="profile__role">{user.role}</dd>
              </div>
            ) : null}
            {user.businessName ? (
              <div>
                <dt>Business</dt>
                <dd>{user.businessName}</dd>
              </div>
            ) : null}
          </dl>
          {profile.isError && profile.dataUpdatedAt ? (
            <p className="profile__note">
              Could not reach the server: as saved{' '}
              {new Date(profile.dataUpdatedAt).toLocaleString('en-AU')}.
            </p>
          ) : null}
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => setOpen(false)}
          >
            Close
          </button>
        </div>
      ) : null}
    </div>
  );
}
