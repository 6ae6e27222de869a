using Microsoft.Extensions.Logging;

namespace DocStore.PostgreSQL.Routing;

/// <summary>The messages replica routing logs; the event ids are stable so an application can filter on them.</summary>
internal static class RoutingLog
{
    public static readonly EventId ReadOnStandbyId = new(4101, "ReadOnStandby");
    public static readonly EventId NoStandbyId = new(4102, "NoStandbyReachable");
    public static readonly EventId ReplayTimeoutId = new(4103, "ReplayWaitTimedOut");
    public static readonly EventId StandbyBackId = new(4104, "StandbyReachable");

    private static readonly Action<ILogger, string, Exception?> s_readOnStandby =
        LoggerMessage.Define<string>(LogLevel.Debug, ReadOnStandbyId, "Read served by standby {Server}.");

    private static readonly Action<ILogger, string, Exception?> s_noStandby =
        LoggerMessage.Define<string>(LogLevel.Warning, NoStandbyId, "No PostgreSQL standby is reachable; replica reads go to the primary ({Reason}).");

    private static readonly Action<ILogger, string, string, double, Exception?> s_replayTimeout =
        LoggerMessage.Define<string, string, double>(LogLevel.Warning, ReplayTimeoutId, "Standby {Server} had not replayed the context's last commit (WAL {Lsn}) within {Seconds} s; this read goes to the primary.");

    private static readonly Action<ILogger, string, Exception?> s_standbyBack =
        LoggerMessage.Define<string>(LogLevel.Information, StandbyBackId, "Standby {Server} is reachable again; replica reads go to it.");

    public static void ReadOnStandby(ILogger? logger, string server) => Log(logger, LogLevel.Debug, l => s_readOnStandby(l, server, null));

    public static void NoStandby(ILogger? logger, string reason, Exception? error) => Log(logger, LogLevel.Warning, l => s_noStandby(l, reason, error));

    public static void ReplayTimeout(ILogger? logger, string server, string lsn, TimeSpan waited) => Log(logger, LogLevel.Warning, l => s_replayTimeout(l, server, lsn, waited.TotalSeconds, null));

    public static void StandbyBack(ILogger? logger, string server) => Log(logger, LogLevel.Information, l => s_standbyBack(l, server, null));

    private static void Log(ILogger? logger, LogLevel level, Action<ILogger> write)
    {
        if (logger is not null && logger.IsEnabled(level))
        {
            write(logger);
        }
    }
}
