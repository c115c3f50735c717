import { useId } from 'react';
import { DialogFooter } from '#ui/dialog-footer.tsx';
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
        <DialogFooter
          confirmLabel="Delete"
          tone="danger"
          onCancel={onCancel}
          onConfirm={onConfirm}
        />
      }
    >
      <p id={textId} className="dialog-text">
        Are you sure you want to delete {productName}? This action cannot be undone.
      </p>
    </Modal>
  );
}
