// The connection pool is process-wide state and every test's cleanup clears it, which would close a pooled
// database another test class is between two requests on; the classes of this assembly run one at a time.
[assembly: Xunit.CollectionBehavior(DisableTestParallelization = true)]
