using DocStore.Collections;
using DocStore.Transactions;

namespace DocStore;

/// <summary>
/// An explicit write transaction over any number of collections of one context:
/// <c>using var tx = db.BeginTransaction(); db.People.Insert(tx, ...); tx.Commit();</c>. Everything done
/// through it commits or rolls back as a whole; disposing it uncommitted rolls back. It is a plain object,
/// never bound to a thread (no ambient state), so it may be used across <c>await</c> from one caller at
/// a time. It holds the database's single write lock from begin to commit or rollback: other writers wait,
/// readers continue on their snapshots and do not see its changes until it commits.
/// </summary>
public sealed partial class DocStoreTransaction : IDisposable, IAsyncDisposable
{
    private readonly List<ITransactionParticipant> _participants = [];
    private Exception? _failure;

    internal DocStoreTransaction(DocStoreContext context, WriteTransaction write)
    {
        Context = context;
        _write = write;
    }

    /// <summary>The context the transaction belongs to.</summary>
    public DocStoreContext Context { get; }

    /// <summary>True once the transaction committed, rolled back or was disposed.</summary>
    public bool IsCompleted { get; private set; }

    internal WriteTransaction Write => _write ?? throw new NotSupportedException($"This transaction runs in {Context.Backend?.Description}; the operation needs the embedded engine.");

    /// <summary>Makes every change durable and visible as one commit.</summary>
    /// <exception cref="InvalidOperationException">The transaction completed already, or an operation inside it failed halfway.</exception>
    public void Commit()
    {
        if (External is not null)
        {
            CommitExternal();
            return;
        }

        var tokens = Prepare();
        try
        {
            Write.Commit();
        }
        catch
        {
            Finish(null);
            throw;
        }

        Finish(tokens);
    }

    /// <summary>The asynchronous twin of <see cref="Commit"/>: waits for the durable flush without blocking a thread.</summary>
    /// <param name="cancellationToken">Cancels waiting for the flush (the commit itself is then still in flight).</param>
    /// <returns>A task that completes once the commit is acknowledged.</returns>
    public async ValueTask CommitAsync(CancellationToken cancellationToken = default)
    {
        if (External is not null)
        {
            await CommitExternalAsync(cancellationToken).ConfigureAwait(false);
            return;
        }

        var tokens = Prepare();
        try
        {
            await Write.CommitAsync(cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            Finish(null);
            throw;
        }

        Finish(tokens);
    }

    /// <summary>Discards every change made through the transaction.</summary>
    public void Rollback()
    {
        if (IsCompleted)
        {
            return;
        }

        if (External is not null)
        {
            RollbackExternal();
            return;
        }

        Write.Rollback();
        Finish(null);
    }

    /// <summary>Rolls back unless committed.</summary>
    public void Dispose() => Rollback();

    /// <summary>Rolls back unless committed.</summary>
    /// <returns>A completed task.</returns>
    public ValueTask DisposeAsync()
    {
        Rollback();
        return ValueTask.CompletedTask;
    }

    /// <summary>Checks that the transaction may still be used and that it belongs to <paramref name="context"/>'s database (contexts on one file share it).</summary>
    internal void ThrowIfUnusable(DocStoreContext context)
    {
        if (External is not null)
        {
            ThrowIfExternalUnusable(context);
            return;
        }

        if (!ReferenceEquals(context.Engine, Context.Engine))
        {
            throw new InvalidOperationException("The transaction belongs to another database: begin it on a context (or connection) opened on the same file.");
        }

        ObjectDisposedException.ThrowIf(IsCompleted, this);
        Write.ThrowIfCompleted();
        if (_failure is not null)
        {
            throw new InvalidOperationException("An earlier operation of this transaction failed halfway; roll it back.", _failure);
        }
    }

    internal void Enlist(ITransactionParticipant participant)
    {
        if (!_participants.Contains(participant))
        {
            _participants.Add(participant);
        }
    }

    /// <summary>Marks the transaction unusable after an operation failed with some of its changes applied.</summary>
    internal void Fail(Exception failure) => _failure ??= failure;

    private int[] Prepare()
    {
        ObjectDisposedException.ThrowIf(IsCompleted, this);

        // Closed with its database: the engine rolled it back; say so, before any participant touches it.
        Write.ThrowIfCompleted();
        if (_failure is not null)
        {
            Rollback();
            throw new InvalidOperationException("An operation of this transaction failed halfway, so it cannot commit; it has been rolled back.", _failure);
        }

        var tokens = new int[_participants.Count];
        try
        {
            for (var i = 0; i < tokens.Length; i++)
            {
                tokens[i] = _participants[i].PrepareCommit(Write);
            }
        }
        catch
        {
            Rollback();
            throw;
        }

        return tokens;
    }

    private void Finish(int[]? tokens)
    {
        IsCompleted = true;
        Write.Dispose();
        for (var i = 0; i < _participants.Count; i++)
        {
            if (tokens is null)
            {
                _participants[i].RolledBack();
            }
            else
            {
                _participants[i].Committed(tokens[i]);
            }
        }
    }
}
