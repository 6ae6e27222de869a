namespace DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;

// The live consumer of the docstore-changefeed engine: reads every change as it commits, until disposed.
internal sealed partial class DocStoreEngine
{
    private CancellationTokenSource? _consumerStop;
    private Task? _consumer;
    private long _consumed;

    /// <summary>Changes the consumer has read.</summary>
    internal long Consumed => Volatile.Read(ref _consumed);

    private static string ChangeFeedName(ChangeFeedMode mode) => mode == ChangeFeedMode.Consumer ? "DocStore (change feed)" : "DocStore (change log)";

    private void StartConsumer()
    {
        _consumerStop = new CancellationTokenSource();
        var token = _consumerStop.Token;
        _consumer = Task.Run(async () =>
        {
            await foreach (var change in _db.Changes(ct: token).ConfigureAwait(false))
            {
                // Touches the document, as a consumer that forwards it would.
                if (change.Document is not null)
                {
                    Interlocked.Increment(ref _consumed);
                }
            }
        });
    }

    private void StopConsumer()
    {
        if (_consumerStop is null)
        {
            return;
        }

        _consumerStop.Cancel();
        try
        {
            _consumer!.GetAwaiter().GetResult();
        }
        catch (OperationCanceledException)
        {
            // The consumer ends by cancellation.
        }

        _consumerStop.Dispose();
    }
}
