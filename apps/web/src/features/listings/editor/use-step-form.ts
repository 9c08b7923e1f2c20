import { LISTING_STEP_SCHEMAS, type ListingDraft, type ListingStep } from '@cabanas/domain/listings'
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef } from 'react'
import { type FieldValues, get, type Resolver, useForm } from 'react-hook-form'
import { issueAt, type ListingStepProps } from './step-props'

type StepValue<S extends ListingStep> = NonNullable<ListingDraft[S]>

/** An optional text input's value: empty means "not filled in", never ''. */
export const emptyAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)

/**
 * A step's form: react-hook-form checked by the step's DRAFT schema (the same Spanish messages as the
 * API), each change that passes it handed to the editor (which autosaves it). A value the schema refuses
 * stays in the form with its message and is not sent. `errorOf` gives a field's message: the form's own
 * first, else the server's (last save's 400, or the listing's review).
 */
export function useStepForm<S extends ListingStep, V extends FieldValues = StepValue<S> & FieldValues>(
  step: S,
  { value, issues, onChange }: ListingStepProps<S>,
) {
  const schema = LISTING_STEP_SCHEMAS[step].draft
  const form = useForm<V>({
    resolver: zodResolver(schema as never) as unknown as Resolver<V>,
    defaultValues: (value ?? {}) as never,
    mode: 'onChange',
  })
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange

  useEffect(() => {
    const subscription = form.watch((values) => {
      const parsed = schema.safeParse(values)
      if (parsed.success) onChangeRef.current(parsed.data as StepValue<S>)
    })
    return () => subscription.unsubscribe()
  }, [form, schema])

  const { errors } = form.formState
  const errorOf = (field: string): string | undefined =>
    (field === '' ? undefined : (get(errors, field) as { message?: string } | undefined)?.message) ??
    issueAt(issues, field)

  return { form, errorOf }
}
