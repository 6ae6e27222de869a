using Microsoft.Extensions.Diagnostics.HealthChecks;

namespace DocStore.Extensions.DependencyInjection;

/// <summary>Reports a context healthy when its cheap read probe (<see cref="DocStoreContext.Probe"/>) succeeds.</summary>
/// <typeparam name="TContext">The registered context type.</typeparam>
internal sealed class DocStoreHealthCheck<TContext>(TContext context) : IHealthCheck
    where TContext : DocStoreContext
{
    public async Task<HealthCheckResult> CheckHealthAsync(HealthCheckContext healthContext, CancellationToken cancellationToken = default)
    {
        try
        {
            await context.ProbeAsync(cancellationToken).ConfigureAwait(false);
            return HealthCheckResult.Healthy($"{context.Path} is readable");
        }
        catch (Exception e) when (e is DocStoreException or ObjectDisposedException)
        {
            return new HealthCheckResult(healthContext.Registration.FailureStatus, $"{context.Path}: {e.Message}", e);
        }
    }
}
