using System.Globalization;

namespace DocStore.Tests.Storage.MultiProcess.Soak;

/// <summary>
/// The soak's size and seed from the environment (docs/storage.md, "Multi-process soak"):
/// <c>DOCSTORE_SHARED_SOAK_KILLS</c> (default <see cref="DefaultKills"/>) and <c>DOCSTORE_SHARED_SOAK_SEED</c>
/// (default a new random one, printed so a failure can be run again).
/// </summary>
internal static class SoakSettings
{
    public const int DefaultKills = 4;

    public static int Kills => Number("DOCSTORE_SHARED_SOAK_KILLS") is { } kills and > 0 ? kills : DefaultKills;

    public static int Seed => Number("DOCSTORE_SHARED_SOAK_SEED") ?? Random.Shared.Next(1, int.MaxValue);

    private static int? Number(string variable) =>
        int.TryParse(Environment.GetEnvironmentVariable(variable), NumberStyles.Integer, CultureInfo.InvariantCulture, out var n) ? n : null;
}
