namespace DocStore.Tests.Support;

/// <summary>
/// A fact about the invariant checker (<c>StorageEngine.InvariantCheck</c>), which only builds that define
/// DOCSTORE_INVARIANTS compile in: reported as skipped, with the reason, in a normal build, instead of
/// passing without having checked anything.
/// </summary>
internal sealed class InvariantsFactAttribute : FactAttribute
{
    public InvariantsFactAttribute()
    {
#if !DOCSTORE_INVARIANTS
        Skip = "Needs the invariant checker, which a normal build leaves out: build with -p:DocStoreInvariants=true (.ci/run's invariants step does).";
#endif
    }
}
