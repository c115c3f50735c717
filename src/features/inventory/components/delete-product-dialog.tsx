import { useId } from 'react';
import { Modal } from '#ui/modal.tsx';

/** 'Delete Product?': confirmation before a row is removed from the screen's catalogue. */
export function DeleteProductDialog({
  productName,
  onCancel,
  onConfirm,
}: {
  productName: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const textId = useId();
  return (
    <Modal
      title="Delete Product?"
      size="small"
      role="alertdialog"
      describedBy={textId}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button button--danger" onClick={onConfirm}>
            Delete
          </button>
        </>
      }
    >
      <p id={textId} className="dialog-text">
        Are you sure you want to delete {productName}? This action cannot be undone.
      </p>
    </Modal>
  );
}
