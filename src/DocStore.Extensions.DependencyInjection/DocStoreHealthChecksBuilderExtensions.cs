using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Diagnostics.HealthChecks;

namespace DocStore.Extensions.DependencyInjection;

/// <summary>Adds DocStore health checks.</summary>
public static class DocStoreHealthChecksBuilderExtensions
{
    /// <summary>
    /// Adds a health check that runs the registered <typeparamref name="TContext"/>'s read probe
    /// (<see cref="DocStoreContext.Probe"/>: a snapshot and one page read).
    /// </summary>
    /// <typeparam name="TContext">The context registered with <c>AddDocStore</c>.</typeparam>
    /// <param name="builder">The health checks builder from <c>services.AddHealthChecks()</c>.</param>
    /// <param name="name">The check's name.</param>
    /// <param name="failureStatus">The status reported on failure; <see cref="HealthStatus.Unhealthy"/> when null.</param>
    /// <param name="tags">Tags for filtering checks.</param>
    /// <returns>The builder, for chaining.</returns>
    public static IHealthChecksBuilder AddDocStore<TContext>(this IHealthChecksBuilder builder, string name = "docstore", HealthStatus? failureStatus = null, IEnumerable<string>? tags = null)
        where TContext : DocStoreContext
    {
        ArgumentNullException.ThrowIfNull(builder);
        return builder.Add(new HealthCheckRegistration(
            name,
            provider => new DocStoreHealthCheck<TContext>(provider.GetRequiredService<TContext>()),
            failureStatus,
            tags));
    }
}
