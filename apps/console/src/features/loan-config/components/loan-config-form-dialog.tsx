import { type LoanConfig, loanBookApi } from '@lending/contract';
import type { ActionFormProps } from '../../../components/list-page';
import { useEndpointMutation } from '../../../lib/use-endpoint';
import type { LoanProductKind } from '../loan-config-form-model';
import { LoanConfigFormModal } from './loan-config-form-modal';

/**
 * The product form as a loan configuration list opens it: a new product of the page's kind
 * from the toolbar, a new version on a row.
 */
export function LoanConfigFormDialog({
  open,
  row,
  onClose,
  kind,
}: ActionFormProps<LoanConfig> & { kind: LoanProductKind }) {
  const save = useEndpointMutation(loanBookApi.saveLoanConfig, {
    invalidates: [loanBookApi.listLoanConfig],
    // Also after a refusal: a save over a newer version shows the list as it is now.
    refreshAfter: 'settled',
    success: 'messages.saveSuccess',
  });
  return (
    <LoanConfigFormModal
      open={open}
      kind={kind}
      config={row ?? null}
      saving={save.isPending}
      onCancel={onClose}
      onSubmit={async (body) => {
        await save.mutateAsync(body);
        onClose();
      }}
    />
  );
}
