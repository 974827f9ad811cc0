/**
 * What shows while the panel's code is still arriving (the router's HydrateFallback). Kept free of imports: it is
 * part of the route table, which must stay tiny.
 */
export function AdminLoading() {
  return (
    <p className="adm-loading" role="status">
      Loading the admin panel...
    </p>
  );
}
