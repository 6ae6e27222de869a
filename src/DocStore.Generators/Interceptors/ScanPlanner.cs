using System.Collections.Generic;
using System.Linq;
using DocStore.Generators.Model;
using DocStore.Generators.QueryChecks;

namespace DocStore.Generators.Interceptors;

/// <summary>
/// A compiled full scan for a filter no index answers: the conditions <see cref="StoredTestReader"/> takes
/// over members, top-level or nested, where no member leads an index (the run time would walk that index,
/// in its order). A member through a missing parent reads as null, as on the run time. The filter is tested on the stored bytes through the generated field readers, so a
/// rejected document is never deserialized; the order is key order, so only no ordering or the key
/// ascending is taken.
/// </summary>
internal static class ScanPlanner
{
    private const int MostValues = 8;

    public static SeekPlan? Plan(QueryModel model, IReadOnlyList<QueryStep> steps, Func<string, string?> readers)
    {
        if (!SeekPlanner.Sequence(steps) || LambdaScope.Lambda(steps[0].Arguments[0]) is not { Symbol.Parameters.Length: 1 } lambda
            || LambdaScope.Body(lambda) is not { } body)
        {
            return null;
        }

        var scope = new LambdaScope(lambda.Symbol.Parameters[0], model.Root, null);
        var reader = new StoredTestReader(scope, new PathResolver(model), readers);
        var filter = reader.Read(body);
        var orderings = SeekPlanner.Orderings(model, steps, scope.Parameter);
        if (filter is null || reader.Values.Count > MostValues || reader.Paths.Any(model.LeadsAnIndex)
            || orderings is null || orderings.Count > 1 || (orderings.Count == 1 && (orderings[0].Path != model.KeyPath || orderings[0].Descending)))
        {
            return null;
        }

        return new SeekPlan(-1, false, string.Join(", ", reader.Paths.Distinct()), SeekKind.Scan, false, filter.Value.Pattern,
            new EquatableArray<SeekBound>(reader.Values), false, false, filter.Value.Test);
    }
}
