import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { StoredCustomField } from '#data/db.ts';
import { useCustomFieldActions } from '#data/hooks/use-custom-field-actions.ts';
import { useStoredCustomFields } from '#data/hooks/use-stored.ts';
import { customFieldsQuery, customFieldsResource } from '#data/repositories/custom-fields.ts';
import { NOT_YET_SYNCED, useUnsentRecordIds } from '#data/sync/use-sync-status.ts';
import {
  DEFAULT_ENTITY_TYPE,
  type EntityType,
  FIELD_TYPE_INFO,
} from '#domains/custom-fields/field-types.ts';
import { CUSTOM_FIELD_MESSAGES } from '#domains/custom-fields/messages.ts';
import { Modal } from '#ui/modal.tsx';
import { CustomFieldModal } from './custom-field-modal.tsx';
import './custom-fields.css';

/**
 * The Custom Fields Manager (spec section 2): the business's fields for an entity type, with
 * their chips and keys, and the create, edit and delete actions.
 */
export function CustomFieldsManager({
  entityType = DEFAULT_ENTITY_TYPE,
}: {
  entityType?: EntityType;
}) {
  const actions = useCustomFieldActions(entityType);
  const load = useQuery(customFieldsQuery(entityType));
  const stored = useStoredCustomFields(entityType);
  const unsent = useUnsentRecordIds(customFieldsResource(entityType));
  const [modal, setModal] = useState<{ editing: StoredCustomField | null } | null>(null);
  const [deleting, setDeleting] = useState<StoredCustomField | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    const field = deleting;
    setDeleting(null);
    await actions.remove(field.id);
  }

  let content: React.ReactNode;
  if (stored === undefined || (stored.length === 0 && load.isPending)) {
    content = <p className="fields-state">{CUSTOM_FIELD_MESSAGES.loading}</p>;
  } else if (load.error && stored.length === 0) {
    content = (
      <p className="fields-state fields-state--error" role="alert">
        Error: {load.error.message}
      </p>
    );
  } else if (stored.length === 0) {
    content = <p className="fields-state">{CUSTOM_FIELD_MESSAGES.empty}</p>;
  } else {
    content = (
      <ul className="fields-list">
        {stored.map((field) => (
          <li key={field.id} className="fields-list__item">
            <div className="fields-list__main">
              <span className="fields-list__name">{field.field_name}</span>
              <span className="chip">{FIELD_TYPE_INFO[field.field_type].label}</span>
              {field.is_required ? <span className="chip chip--required">Required</span> : null}
              {unsent.has(field.id) ? (
                <span className="chip chip--pending">{NOT_YET_SYNCED}</span>
              ) : null}
              <span className="fields-list__key">Key: {field.field_key}</span>
            </div>
            <div className="fields-list__actions">
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={`Edit ${field.field_name}`}
                onClick={() => setModal({ editing: field })}
              >
                <Pencil size={14} aria-hidden="true" />
                Edit
              </button>
              <button
                type="button"
                className="button button--secondary button--small button--danger-text"
                aria-label={`Delete ${field.field_name}`}
                onClick={() => setDeleting(field)}
              >
                <Trash2 size={14} aria-hidden="true" />
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="settings-section fields-manager" aria-labelledby="custom-fields-title">
      <div className="settings-section__header">
        <h3 id="custom-fields-title" className="settings-section__title">
          Custom Fields
        </h3>
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => setModal({ editing: null })}
        >
          <Plus size={16} aria-hidden="true" />
          Add Custom Field
        </button>
      </div>
      <p className="settings-section__hint">
        Create and manage custom fields for {entityType} entities
      </p>
      {content}
      {modal ? (
        <CustomFieldModal
          entityType={entityType}
          editing={modal.editing}
          onClose={() => setModal(null)}
          save={actions.save}
        />
      ) : null}
      {deleting ? (
        <Modal
          title={`Delete ${deleting.field_name}?`}
          size="small"
          role="alertdialog"
          onClose={() => setDeleting(null)}
          footer={
            <>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setDeleting(null)}
              >
                Cancel
              </button>
              <button
                type="button"
                className="button button--danger"
                onClick={() => void confirmDelete()}
              >
                Delete
              </button>
            </>
          }
        >
          <p className="dialog-text">{CUSTOM_FIELD_MESSAGES.deleteConfirm}</p>
        </Modal>
      ) : null}
    </section>
  );
}
