import type { ListingStep } from '@cabanas/domain/listings'
import type { ComponentType } from 'react'
import { AmenitiesStep } from './amenities-step'
import { CancellationStep } from './cancellation-step'
import { CapacityStep } from './capacity-step'
import { DescriptionStep } from './description-step'
import { LocationStep } from './location-step'
import { PhotosStep } from './photos-step'
import { PricesStep } from './prices-step'
import { RulesStep } from './rules-step'
import type { ListingStepProps } from './step-props'
import { TypeStep } from './type-step'

/** A step's form: it receives ListingStepProps<S> (step-props.ts) and calls onChange with the whole step. */
export type StepForm<S extends ListingStep> = ComponentType<ListingStepProps<S>>

/**
 * The form of each editor step, by step. The editor renders `STEP_FORMS[step]` with the step's saved
 * value, its issues, `onChange` (autosaved) and `readOnly`; the review step is the editor's own.
 */
export const STEP_FORMS: { readonly [S in ListingStep]: StepForm<S> } = {
  type: TypeStep,
  location: LocationStep,
  capacity: CapacityStep,
  amenities: AmenitiesStep,
  photos: PhotosStep,
  description: DescriptionStep,
  prices: PricesStep,
  rules: RulesStep,
  cancellation: CancellationStep,
}
