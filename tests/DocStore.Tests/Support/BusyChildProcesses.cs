namespace DocStore.Tests.Support;

/// <summary>
/// Test classes whose child processes write flat out: run one at a time, so that their load adds up less
/// (their checks wait for the children's output, not for time, so they pass either way).
/// </summary>
[CollectionDefinition(Name)]
public sealed class BusyChildProcesses
{
    public const string Name = "Busy child processes";
}
