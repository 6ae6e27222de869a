namespace DocStore.Tests.Support;

/// <summary>
/// Test classes whose child processes write flat out, or whose checks depend on a child getting work done
/// within a short, random delay: run one at a time, so that one's load does not starve the other's timing.
/// </summary>
[CollectionDefinition(Name)]
public sealed class BusyChildProcesses
{
    public const string Name = "Busy child processes";
}
