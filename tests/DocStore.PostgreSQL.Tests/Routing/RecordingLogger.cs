using System.Collections.Concurrent;
using Microsoft.Extensions.Logging;

namespace DocStore.PostgreSQL.Tests.Routing;

/// <summary>Keeps every message logged to it, so a test can see which server a read ran on and which warnings came.</summary>
public sealed class RecordingLogger : ILogger
{
    private readonly ConcurrentQueue<(LogLevel Level, EventId Id, string Message)> _entries = new();

    public IReadOnlyList<(LogLevel Level, EventId Id, string Message)> Entries => [.. _entries];

    public IReadOnlyList<string> Named(string eventName) => [.. _entries.Where(e => e.Id.Name == eventName).Select(e => e.Message)];

    public IDisposable? BeginScope<TState>(TState state)
        where TState : notnull => null;

    public bool IsEnabled(LogLevel logLevel) => true;

    public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter) =>
        _entries.Enqueue((logLevel, eventId, formatter(state, exception)));
}
