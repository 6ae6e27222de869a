using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using DocStore.Linq.Translation;

namespace DocStore.Linq.Running;

/// <summary>
/// The translated shapes of one context, by collection, document type and shape text. Bounded: past
/// <see cref="Capacity"/> entries it starts again empty (shapes come from code, so few are expected).
/// </summary>
internal sealed class PlanCache
{
    public const int Capacity = 2048;

    private static readonly ConditionalWeakTable<DocStoreContext, PlanCache> PerContext = new();

    private readonly ConcurrentDictionary<(string Collection, Type Document, string Shape), LinqPlan> _plans = new();

    public static PlanCache For(DocStoreContext context) => PerContext.GetValue(context, static _ => new PlanCache());

    public LinqPlan? Find(string collection, Type document, string shape) => _plans.GetValueOrDefault((collection, document, shape));

    public void Add(string collection, Type document, string shape, LinqPlan plan)
    {
        if (_plans.Count >= Capacity)
        {
            _plans.Clear();
        }

        _plans[(collection, document, shape)] = plan;
    }
}
