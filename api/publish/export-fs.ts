import * as nodeFs from 'node:fs/promises'

/**
 * The file operations the export makes (export-trees.ts). Tests pass a wrapper that fails part-way (a full disk)
 * to check that a publish either goes live whole or not at all.
 */
export type ExportFs = Pick<
  typeof nodeFs,
  'chmod' | 'cp' | 'link' | 'mkdir' | 'readdir' | 'readlink' | 'rename' | 'rm' | 'rmdir' | 'symlink' | 'unlink' | 'writeFile'
>

export const nodeExportFs: ExportFs = nodeFs
