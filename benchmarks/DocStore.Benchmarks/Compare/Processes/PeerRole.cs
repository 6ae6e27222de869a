namespace DocStore.Benchmarks.Compare.Processes;

/// <summary>What a child process of a <c>procs_*</c> row does in each round.</summary>
internal enum PeerRole
{
    /// <summary>Random gets by id, each checked.</summary>
    Reader,

    /// <summary>Single-document updates, one transaction each, as fast as it can.</summary>
    Writer,
}
