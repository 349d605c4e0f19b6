/**
 * docs/product.md §5: only text/csv is accepted. Windows browsers report a .csv file as application/vnd.ms-excel (when Excel
 * is installed) or with no type at all, so a .csv name with one of those types is accepted too.
 */
export function isCsvFile(file: { name: string; type: string }): boolean {
  if (file.type === 'text/csv') return true;
  const looseType = file.type === '' || file.type === 'application/vnd.ms-excel';
  return looseType && file.name.toLowerCase().endsWith('.csv');
}
