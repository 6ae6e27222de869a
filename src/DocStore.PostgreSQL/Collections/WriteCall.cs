using DocStore.PostgreSQL.Backend;

namespace DocStore.PostgreSQL.Collections;

/// <summary>One write operation in progress: how it runs (sync or async, cancellation), its connection, and the document key and index value it is writing (for error messages).</summary>
internal sealed class WriteCall(bool async, CancellationToken cancellationToken)
{
    public bool Async => async;

    public CancellationToken CancellationToken => cancellationToken;

    public OperationScope Scope { get; set; } = null!;

    public string? Key { get; set; }

    /// <summary>The unique index value another document holds, once a unique violation was traced to one (for error messages).</summary>
    public string? Value { get; set; }
}
