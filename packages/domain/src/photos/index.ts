export * from './photo-upload.ts'
