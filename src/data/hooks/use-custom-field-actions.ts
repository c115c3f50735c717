import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CustomFieldDefinitionBody } from '#domains/custom-fields/definition.ts';
import type { EntityType } from '#domains/custom-fields/field-types.ts';
import { DEFAULT_TABLE } from '#domains/preferences/column-preferences.ts';
import { columnPreferencesQuery } from '../repositories/column-preferences.ts';
import {
  type CustomFieldSaveResult,
  customFieldsQuery,
  deleteCustomField,
  saveCustomField,
} from '../repositories/custom-fields.ts';

/**
 * What the Custom Fields Manager does, one call per action, with the reloads the spec asks
 * for: a create or update reloads the column preferences; a delete reloads the list.
 */
export interface CustomFieldActions {
  /** Creates a field (`id` null) or updates one. */
  save(id: number | string | null, body: CustomFieldDefinitionBody): Promise<CustomFieldSaveResult>;
  remove(id: number | string): Promise<void>;
}

export function useCustomFieldActions(entityType: EntityType): CustomFieldActions {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      async save(id, body) {
        const result = await saveCustomField(id, body);
        if (result.status !== 'refused') {
          void queryClient.invalidateQueries({
            queryKey: columnPreferencesQuery(DEFAULT_TABLE).queryKey,
          });
        }
        return result;
      },
      async remove(id) {
        await deleteCustomField(id);
        void queryClient.invalidateQueries({ queryKey: customFieldsQuery(entityType).queryKey });
      },
    }),
    [queryClient, entityType],
  );
}
