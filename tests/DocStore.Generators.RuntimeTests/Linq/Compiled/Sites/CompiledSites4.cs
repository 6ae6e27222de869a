// The sites below are a table: each is one fixed LINQ chain the generator sees, with captured values
// drawn per run, and its LINQ-to-objects twin. Keep each site in this form; CompiledSiteTests runs them.
#pragma warning disable IDE0305, CA1861

namespace DocStore.Generators.RuntimeTests.Linq.Compiled.Sites;

/// <summary>Compiled call sites 135 to 146 (see <see cref="CompiledSiteTests"/>).</summary>
internal static class CompiledSites4
{
    private static async Task Site135(SiteRun r)
    {
        var city = r.Pick(SiteValues.Cities);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Home!.City == city && p.Active).Select(p => new { p.Id, p.Name, p.Kind }).ToArray(),
            () => r.All.Where(p => p.Home?.City == city && p.Active).Select(p => new { p.Id, p.Name, p.Kind }).ToArray());
    }

    private static async Task Site136(SiteRun r)
    {
        var city = r.Pick(SiteValues.Cities);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Home!.City == city && p.Active).Skip(sk).Take(tk).ToList(),
            () => r.All.Where(p => p.Home?.City == city && p.Active).Skip(sk).Take(tk).ToList());
    }

    private static async Task Site137(SiteRun r)
    {
        var city = r.Pick(SiteValues.Cities);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Home!.City == city && p.Active).Take(tk).FirstOrDefault(),
            () => r.All.Where(p => p.Home?.City == city && p.Active).Take(tk).FirstOrDefault());
    }

    private static async Task Site138(SiteRun r)
    {
        var sku = r.Pick(LinqData.Skus);
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Lines!.Any(l => l.Sku == sku && l.Qty > 1)).ToListAsync(),
            () => r.All.Where(p => p.Lines != null && p.Lines.Any(l => l.Sku == sku && l.Qty > 1)).ToList());
    }

    private static async Task Site139(SiteRun r)
    {
        var sku = r.Pick(LinqData.Skus);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Lines!.Any(l => l.Sku == sku && l.Qty > 1)).Skip(sk).Take(tk).Select(p => new LinqCard { Id = p.Id, Kind = p.Kind, Weight = p.Weight, Active = p.Active }).ToArray(),
            () => r.All.Where(p => p.Lines != null && p.Lines.Any(l => l.Sku == sku && l.Qty > 1)).Skip(sk).Take(tk).Select(p => new LinqCard { Id = p.Id, Kind = p.Kind, Weight = p.Weight, Active = p.Active }).ToArray());
    }

    private static async Task Site140(SiteRun r)
    {
        var sku = r.Pick(LinqData.Skus);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Lines!.Any(l => l.Sku == sku && l.Qty > 1)).Take(tk).ToList(),
            () => r.All.Where(p => p.Lines != null && p.Lines.Any(l => l.Sku == sku && l.Qty > 1)).Take(tk).ToList());
    }

    private static async Task Site141(SiteRun r)
    {
        var s = r.Pick(SiteValues.Scores);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Score > s).OrderBy(p => p.Score).FirstOrDefault(),
            () => r.All.Where(p => p.Score > s).OrderBy(p => p.Score).FirstOrDefault());
    }

    private static async Task Site142(SiteRun r)
    {
        var s = r.Pick(SiteValues.Scores);
        var sk = r.Skip();
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Score > s).OrderBy(p => p.Score).Skip(sk).Take(tk).ToListAsync(),
            () => r.All.Where(p => p.Score > s).OrderBy(p => p.Score).Skip(sk).Take(tk).ToList());
    }

    private static async Task Site143(SiteRun r)
    {
        var s = r.Pick(SiteValues.Scores);
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Score > s).OrderBy(p => p.Score).Take(tk).Select(p => new Linq.LinqRow(p.Id, p.Code, p.Home!.City, p.Score)).ToArray(),
            () => r.All.Where(p => p.Score > s).OrderBy(p => p.Score).Take(tk).Select(p => new Linq.LinqRow(p.Id, p.Code, p.Home == null ? null : p.Home.City, p.Score)).ToArray());
    }

    private static async Task Site144(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ages);
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Age > a).OrderByDescending(p => p.Name).ThenBy(p => p.Id).ToList(),
            () => r.All.Where(p => p.Age > a).OrderByDescending(p => p.Name, StringComparer.Ordinal).ThenBy(p => p.Id).ToList());
    }

    private static async Task Site145(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ages);
        var sk = r.Skip();
        var tk = r.Take();
        await r.Same(() => r.Db.LinqItems.Query().Where(p => p.Age > a).OrderByDescending(p => p.Name).ThenBy(p => p.Id).Skip(sk).Take(tk).FirstOrDefault(),
            () => r.All.Where(p => p.Age > a).OrderByDescending(p => p.Name, StringComparer.Ordinal).ThenBy(p => p.Id).Skip(sk).Take(tk).FirstOrDefault());
    }

    private static async Task Site146(SiteRun r)
    {
        var a = r.Pick(SiteValues.Ages);
        var tk = r.Take();
        await r.SameAsync(async () => await r.Db.LinqItems.Query().Where(p => p.Age > a).OrderByDescending(p => p.Name).ThenBy(p => p.Id).Take(tk).ToListAsync(),
            () => r.All.Where(p => p.Age > a).OrderByDescending(p => p.Name, StringComparer.Ordinal).ThenBy(p => p.Id).Take(tk).ToList());
    }

    /// <summary>The sites: their names (number, kind, filter), whether the generator compiles them (null: not checked), and the code.</summary>
    public static readonly Site[] All =
    [
        new("135:compiled:city-and-active", true, Site135),
        new("136:compiled:city-and-active", true, Site136),
        new("137:compiled:city-and-active", true, Site137),
        new("138:runtime:lines-any", false, Site138),
        new("139:runtime:lines-any", false, Site139),
        new("140:runtime:lines-any", false, Site140),
        new("141:runtime:score-gt", false, Site141),
        new("142:runtime:score-gt", false, Site142),
        new("143:runtime:score-gt", false, Site143),
        new("144:runtime:age-desc", false, Site144),
        new("145:runtime:age-desc", false, Site145),
        new("146:runtime:age-desc", false, Site146),
    ];
}
